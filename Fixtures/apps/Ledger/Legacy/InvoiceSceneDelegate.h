#import <UIKit/UIKit.h>

extern NSString * const LDGInvoicePrefix;

@interface InvoiceSceneDelegate : UIResponder <UIWindowSceneDelegate>
@property (strong, nonatomic) UIWindow *window;
@end
