#import <UserNotifications/UserNotifications.h>
#import "ShopRoutes.h"

@implementation ReceiptNotifier

- (void)notifyReceipt:(NSString *)receiptID content:(UNMutableNotificationContent *)content {
  content.targetContentIdentifier = [SHPReceiptPrefix stringByAppendingString:receiptID];
}

- (void)notifyInvoice:(NSString *)number content:(UNMutableNotificationContent *)content {
  // content.targetContentIdentifier = @"invoices/draft";  (a comment, not a producer)
  [content setTargetContentIdentifier:[NSString stringWithFormat:@"%@%@", SHP_INVOICE_PREFIX, number]];
}

@end
