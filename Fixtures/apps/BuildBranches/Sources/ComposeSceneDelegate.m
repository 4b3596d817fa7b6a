#import "ComposeSceneDelegate.h"

@implementation ComposeSceneDelegate

// A compose window takes nothing, unless it was opened for a draft: then drafts.
- (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)connectionOptions {
    if (connectionOptions.userActivities.count > 0) {
        scene.activationConditions.canActivateForTargetContentIdentifierPredicate =
            [NSPredicate predicateWithFormat:@"SELF BEGINSWITH 'compose/'"];
    } else {
        [scene.activationConditions setCanActivateForTargetContentIdentifierPredicate:[NSPredicate predicateWithValue:NO]];
    }
    // The Mac build prefers drafts; other builds only when built for debugging.
#if TARGET_OS_MACCATALYST
    scene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate =
        [NSPredicate predicateWithFormat:@"SELF BEGINSWITH 'compose/'"];
#elif defined(DEBUG)
    scene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate =
        [NSPredicate predicateWithFormat:@"SELF == 'compose/debug'"];
#endif
}

@end
