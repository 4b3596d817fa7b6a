#import "Identifiers.h"

NSString *const kInvoicePrefix = @"invoice/";
