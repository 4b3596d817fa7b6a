#import "ComposeSceneDelegate.h"

@implementation ComposeSceneDelegate

// A compose window takes nothing, unless it was opened for a draft: then drafts.
- (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)connectionOptions {
    [scene.activationConditions setCanActivateForTargetContentIdentifierPredicate:[NSPredicate predicateWithValue:NO]];
    if (connectionOptions.userActivities.count > 0) {
        scene.activationConditions.canActivateForTargetContentIdentifierPredicate =
            [NSPredicate predicateWithFormat:@"SELF BEGINSWITH 'compose/'"];
    }
}

@end
