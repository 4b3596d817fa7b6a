#import "LegacySceneDelegate.h"
#define PREFIX @"com.example.mail/"

@implementation LegacySceneDelegate

- (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)options {
    // scene.activationConditions.canActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithFormat:@"BROKEN"];
    /* [conditions setCanActivateForTargetContentIdentifierPredicate:[NSPredicate predicateWithFormat:@"ALSO BROKEN"]]; */
    UISceneActivationConditions *conditions = scene.activationConditions;
    conditions.canActivateForTargetContentIdentifierPredicate =
        [NSPredicate predicateWithFormat:@"self BEGINSWITH %@", @"com.example.mail/"];
    NSPredicate *mailbox = [NSPredicate predicateWithFormat:@"SELF == "
                                                            @"'com.example.mail/inbox'"];
    [conditions setPrefersToActivateForTargetContentIdentifierPredicate:mailbox];
    [conditions setCanActivateForTargetContentIdentifierPredicate:[NSPredicate predicateWithFormat:@"SELF ==[cd] \"quoted\" OR SELF LIKE 'draft-?'"]];
    conditions.prefersToActivateForTargetContentIdentifierPredicate = [NSCompoundPredicate andPredicateWithSubpredicates:@[
        [NSPredicate predicateWithValue:YES],
        [NSPredicate predicateWithFormat:@"SELF CONTAINS[c] 'thread' AND SELF UTI-CONFORMS-TO 'public.text'"],
    ]];
    conditions.canActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithFormat:@"SELF BEGINSWITH %@", session.persistentIdentifier];
    conditions.prefersToActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithFormat:@"S\u00C9LF == 'x' AND SELF MATCHES '[a-z]+'"];
}

@end
