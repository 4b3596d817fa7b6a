#import <UIKit/UIKit.h>
#import "Identifiers.h"

@implementation InvoiceSceneDelegate

- (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)connectionOptions {
    UISceneActivationConditions *conditions = scene.activationConditions;
    conditions.prefersToActivateForTargetContentIdentifierPredicate =
        [NSPredicate predicateWithFormat:@"SELF BEGINSWITH %@", kInvoicePrefix];
    conditions.canActivateForTargetContentIdentifierPredicate =
        [NSPredicate predicateWithFormat:@"SELF BEGINSWITH %@ OR SELF BEGINSWITH %@", kInvoicePrefix, kReceiptPrefix];
}

@end
