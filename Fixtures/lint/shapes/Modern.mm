#import <UIKit/UIKit.h>
#include <vector>

// Objective-C++: a C++14 digit separator is not a character literal, so the rest of the line
// is still read.
void configure(UISceneActivationConditions *conditions) {
    auto limit = 1'000; conditions.canActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithFormat:@"SELF BEGINWITH 'mm/'"];  // ⟵ canActivate literal [syntax.unknown-operator]
    std::vector<int> sizes{1'024, 2'048};
    conditions.prefersToActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithFormat:@"SELF == 'mm/inbox'"];  // ⟵ prefersToActivate literal
}
