#import "LegacyScenes.h"

@implementation OutboxMenu
- (void)openDrafts {
  NSUserActivity *drafts = [[NSUserActivity alloc] initWithActivityType:@"com.example.mail.drafts"];
  drafts.targetContentIdentifier = @"mail/drafts";
  [[LegacyScenes shared] requestSceneWithActivity:drafts];
}
@end
