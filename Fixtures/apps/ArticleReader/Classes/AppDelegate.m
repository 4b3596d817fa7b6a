#import "AppDelegate.h"
#import "RDRConstants.h"

@implementation AppDelegate

- (UISceneConfiguration *)application:(UIApplication *)application configurationForConnectingSceneSession:(UISceneSession *)connectingSceneSession options:(UISceneConnectionOptions *)options {
    NSUserActivity *activity = options.userActivities.anyObject;
    if ([activity.activityType isEqualToString:RDRArticleActivityType]) {
        return [[UISceneConfiguration alloc] initWithName:@"Article" sessionRole:connectingSceneSession.role];
    }
    return [[UISceneConfiguration alloc] initWithName:@"Default Configuration" sessionRole:connectingSceneSession.role];
}

- (void)openArticle:(NSString *)articleID {
    NSUserActivity *activity = [[NSUserActivity alloc] initWithActivityType:RDRArticleActivityType];
    activity.targetContentIdentifier = [RDRArticleIdentifierPrefix stringByAppendingString:articleID];
    [[UIApplication sharedApplication] requestSceneSessionActivation:nil userActivity:activity options:nil errorHandler:nil];
}

@end
