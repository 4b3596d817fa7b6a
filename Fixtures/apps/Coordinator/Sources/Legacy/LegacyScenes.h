#import <UIKit/UIKit.h>

@interface LegacyScenes : NSObject
+ (instancetype)shared;
- (void)requestSceneWithActivity:(NSUserActivity *)activity;
@end
