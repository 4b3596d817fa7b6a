#import "RDRConstants.h"

NSString * const RDRArticleActivityType = @"com.example.reader.article";
NSString * const RDRArticleIdentifierPrefix = @"reader/article/";
