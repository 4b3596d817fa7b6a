#import "MainSceneDelegate.h"
#import "RDRConstants.h"

@implementation MainSceneDelegate

- (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)connectionOptions {
    UIWindowScene *windowScene = (UIWindowScene *)scene;
    UISceneActivationConditions *conditions = windowScene.activationConditions;
    conditions.canActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithValue:YES];
    conditions.prefersToActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithFormat:@"SELF == %@", RDR_MAIN_IDENTIFIER];
}

@end
