#import "LegacyScenes.h"

@implementation LegacyScenes
+ (instancetype)shared {
  static LegacyScenes *shared;
  return shared;
}

- (void)requestSceneWithActivity:(NSUserActivity *)activity {
  [UIApplication.sharedApplication requestSceneSessionActivation:nil
                                                    userActivity:activity
                                                         options:nil
                                                    errorHandler:nil];
}

- (void)openOutbox {
  NSUserActivity *outbox = [[NSUserActivity alloc] initWithActivityType:@"com.example.mail.outbox"];
  outbox.targetContentIdentifier = @"mail/outbox";
  [self requestSceneWithActivity:outbox];
}
@end
