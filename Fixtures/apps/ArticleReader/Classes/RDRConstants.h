#import <Foundation/Foundation.h>

extern NSString * const RDRArticleActivityType;
extern NSString * const RDRArticleIdentifierPrefix;
#define RDR_ROOT @"reader/"
#define RDR_MAIN_IDENTIFIER RDR_ROOT @"main"
