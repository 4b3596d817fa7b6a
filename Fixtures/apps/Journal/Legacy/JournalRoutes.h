#import <Foundation/Foundation.h>

extern NSString *const JournalEntryPrefix;
#define JOURNAL_COMPOSE_ROUTE @"journal://compose"
