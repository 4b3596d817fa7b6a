#import "InvoiceSceneDelegate.h"

NSString * const LDGInvoicePrefix = @"invoice/";

@implementation InvoiceSceneDelegate

- (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)connectionOptions {
    scene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate =
        [NSPredicate predicateWithFormat:@"SELF BEGINSWITH %@", LDGInvoicePrefix];
    scene.activationConditions.canActivateForTargetContentIdentifierPredicate =
        [NSPredicate predicateWithFormat:@"SELF BEGINSWITH %@", LDGInvoicePrefix];
}

- (void)windowScene:(UIWindowScene *)windowScene performActionForShortcutItem:(UIApplicationShortcutItem *)shortcutItem completionHandler:(void (^)(BOOL))completionHandler {
    completionHandler(YES);
}

@end
