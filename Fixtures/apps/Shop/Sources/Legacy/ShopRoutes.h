#import <Foundation/Foundation.h>

extern NSString *const SHPReceiptPrefix;
#define SHP_INVOICE_PREFIX @"invoices/"
