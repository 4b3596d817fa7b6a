#import "ShopRoutes.h"

NSString *const SHPReceiptPrefix = @"receipts/";
