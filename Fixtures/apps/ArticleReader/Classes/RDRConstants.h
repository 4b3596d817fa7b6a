#import <Foundation/Foundation.h>

extern NSString * const RDRArticleActivityType;
extern NSString * const RDRArticleIdentifierPrefix;
#define RDR_MAIN_IDENTIFIER @"reader/main"
