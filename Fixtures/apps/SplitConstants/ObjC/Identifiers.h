#import <Foundation/Foundation.h>

extern NSString *const kInvoicePrefix;
#define kReceiptPrefix @"receipt/"
