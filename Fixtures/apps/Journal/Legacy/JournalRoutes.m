#import "JournalRoutes.h"

NSString *const JournalEntryPrefix = @"journal://entries/";
