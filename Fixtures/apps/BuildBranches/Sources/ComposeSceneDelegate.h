#import <UIKit/UIKit.h>

@interface ComposeSceneDelegate : UIResponder <UIWindowSceneDelegate>
@property (strong, nonatomic) UIWindow *window;
@end
