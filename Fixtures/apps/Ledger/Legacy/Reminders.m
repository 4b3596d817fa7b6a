#import <UserNotifications/UserNotifications.h>
#import "InvoiceSceneDelegate.h"

void LDGScheduleReminder(NSString *number) {
    UNMutableNotificationContent *content = [[UNMutableNotificationContent alloc] init];
    content.targetContentIdentifier = [LDGInvoicePrefix stringByAppendingString:number];
}
