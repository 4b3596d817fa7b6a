#import <UIKit/UIKit.h>

@interface LegacySceneDelegate : UIResponder <UIWindowSceneDelegate>
@end
