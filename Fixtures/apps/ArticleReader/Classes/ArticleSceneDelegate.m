#import "ArticleSceneDelegate.h"
#import "RDRConstants.h"

@implementation ArticleSceneDelegate

- (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session options:(UISceneConnectionOptions *)connectionOptions {
    UIWindowScene *windowScene = (UIWindowScene *)scene;
    NSString *articleID = connectionOptions.userActivities.anyObject.userInfo[@"id"];
    NSString *identifier = [NSString stringWithFormat:@"%@%@", RDRArticleIdentifierPrefix, articleID];
    windowScene.activationConditions.canActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithFormat:@"SELF == %@", identifier];
    windowScene.activationConditions.prefersToActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithFormat:@"SELF == %@", identifier];
}

@end
