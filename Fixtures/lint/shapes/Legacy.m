#import <UIKit/UIKit.h>
#define UNUSED /* a comment opened on a directive line
   [conditions setCanActivateForTargetContentIdentifierPredicate:[NSPredicate predicateWithFormat:@"LEAKED =="]];
   does not leak into the code */

#define kMailPrefix @"com.example.mail/"
static NSString *const kInboxIdentifier = @"com.example.mail/inbox";
NSString *mutableIdentifier = @"com.example.mail/mutable";

// Traps: the setters' own declarations (class-dump headers) and definitions (a re-implementation
// of UIKit) are not conditions.
@interface UISceneActivationConditions : NSObject <NSSecureCoding>
@property (nonatomic, copy) NSPredicate *canActivateForTargetContentIdentifierPredicate;
- (void)setCanActivateForTargetContentIdentifierPredicate:(NSPredicate *)arg1;
-(void)setPrefersToActivateForTargetContentIdentifierPredicate:(id)arg1 ;
@end

@implementation UISceneActivationConditions
- (void)setCanActivateForTargetContentIdentifierPredicate:(NSPredicate *)predicate {
    _canActivate = [predicate copy];
}
@end

@implementation LegacySceneDelegate

- (void)constants:(UISceneActivationConditions *)conditions {
    // File constants are inlined: a const pointer and a string #define; a pointer that is not
    // const may change, and stays a run-time value.
    conditions.canActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithFormat:@"SELF BEGINSWITH %@", kMailPrefix];  // ⟵ canActivate same-file constant
    conditions.prefersToActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithFormat:@"SELF == %@", kInboxIdentifier];  // ⟵ prefersToActivate same-file constant
    conditions.prefersToActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithFormat:@"SELF == %@", mutableIdentifier];  // ⟵ prefersToActivate run-time
    // A block predicate: UIKit raises when one is assigned.
    conditions.canActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithBlock:^BOOL(id object, NSDictionary *bindings) { return YES; }];  // ⟵ canActivate literal [lint.block-predicate]
}

- (void)first:(UISceneActivationConditions *)conditions {
    NSPredicate *p = [NSPredicate predicateWithFormat:@"SELF BEGINSWITH 'first/'"];
    [conditions setCanActivateForTargetContentIdentifierPredicate:p];  // ⟵ canActivate local
    conditions.prefersToActivateForTargetContentIdentifierPredicate = [[NSPredicate alloc] initWithFormat:@"SELF == %@", @"first/inbox"];  // ⟵ prefersToActivate literal
    conditions.canActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithFormat:@"SELF IN %@" argumentArray:@[@[@"a", @"b"]]];  // ⟵ canActivate literal
    conditions.prefersToActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithValue:0];  // ⟵ prefersToActivate literal
    conditions.canActivateForTargetContentIdentifierPredicate = (NSPredicate *)[[NSPredicate class] predicateWithFormat:@"SELF ENDSWITH '/x'"];  // ⟵ canActivate literal
    conditions.prefersToActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithFormat:@"self == '%@'", self.identifier];  // ⟵ prefersToActivate run-time [lint.quoted-format-argument syntax.unused-format-arguments]
    conditions.canActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithFormat:@"SELF == %@ OR SELF == %@", @"only-one"];  // ⟵ canActivate literal [lint.format-argument-count]
}

- (void)second:(UISceneActivationConditions *)conditions {
    // Another method's 'p' never counts: a run-time value here.
    [conditions setCanActivateForTargetContentIdentifierPredicate:p];  // ⟵ canActivate run-time [lint.not-checkable]
#if 0
    conditions.canActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithFormat:@"DEAD =="];
#else
    conditions.canActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithFormat:@"SELF == 'live'"];  // ⟵ canActivate literal
#endif
    conditions.prefersToActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithFormat:@"SELF BEGINWITH 'm'"];  // ⟵ prefersToActivate literal [syntax.unknown-operator]
}

- (void)scene:(UIScene *)scene willConnectToSession:(UISceneSession *)session {
    UISceneActivationConditions *fresh = [[UISceneActivationConditions alloc] init];  // ⟵ prefersToActivate default
    fresh.canActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithFormat:@"SELF BEGINSWITH 'chat/'"];  // ⟵ canActivate literal
    scene.activationConditions = fresh;
    [scene setActivationConditions:[UISceneActivationConditions new]];  // ⟵ canActivate default, prefersToActivate default
}

- (void)handOver:(UIScene *)scene {
    // Passed to a message before it is installed: the method may set the predicates.
    UISceneActivationConditions *handed = [[UISceneActivationConditions alloc] init];  // ⟵ canActivate run-time [lint.not-checkable], prefersToActivate run-time
    [self configureConditions:handed];
    scene.activationConditions = handed;
    NSLog(@"%@", handed);
}

- (void)locals:(UISceneActivationConditions *)conditions session:(UISceneSession *)session {
    // A local string assigned once is inlined; one assigned again stays a run-time value.
    NSString *identifier = @"com.example.mail/compose";
    conditions.canActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithFormat:@"SELF == %@", identifier];  // ⟵ canActivate local
    NSString *changing = @"com.example.mail/a";
    if (session.persistentIdentifier.length > 0) { changing = @"com.example.mail/b"; }
    conditions.canActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithFormat:@"SELF == %@", changing];  // ⟵ canActivate run-time
    // A format built by stringWithFormat: is a template, and breaks on an apostrophe.
    NSString *format = [NSString stringWithFormat:@"SELF BEGINSWITH '%@'", session.persistentIdentifier];
    conditions.prefersToActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithFormat:format];  // ⟵ prefersToActivate template [lint.interpolated-format]
}

- (void)boxed:(UISceneActivationConditions *)conditions {
    // predicateWithValue: takes a BOOL; a boxed @NO is an object whose address reads as YES.
    conditions.canActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithValue:@NO];  // ⟵ canActivate run-time [lint.boxed-boolean]
    conditions.prefersToActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithValue:@(YES)];  // ⟵ prefersToActivate run-time [lint.boxed-boolean]
}

@end

// Disassembler output (pseudo-code), as it appears in public repositories.
void sub_100004A2C(void *a1, void *a2) {
    void *v3 = +[NSPredicate predicateWithFormat:](&OBJC_CLASS___NSPredicate, CFSTR("self == %@"), CFSTR("com.example.app/main"));
    objc_msgSend(a2, "setCanActivateForTargetContentIdentifierPredicate:", v3);  // ⟵ canActivate local
    objc_msgSend(0x1000120a8, "setPrefersToActivateForTargetContentIdentifierPredicate:", +[NSPredicate predicateWithFormat:](0x100010000, CFSTR("SELF BEGINWITH 'x'")));  // ⟵ prefersToActivate literal [syntax.unknown-operator]
}

// Another decompiler: locals assigned without a declaration, the selector printed after the
// receiver, and ARC's calls around each result.
void sub_100005B10(void *self) {
    v7 = (void *)objc_claimAutoreleasedReturnValue(+[NSPredicate predicateWithFormat:](NSPredicate, "predicateWithFormat:", CFSTR("self == %@"), CFSTR("com.example.app/debug")));
    v8 = (void *)objc_claimAutoreleasedReturnValue(-[DebugScene activationConditions](self, "activationConditions"));
    objc_msgSend(v8, "setCanActivateForTargetContentIdentifierPredicate:", v7);  // ⟵ canActivate local
    View.handlesExternalEvents(preferring:allowing:)();  // ⟵ swiftui.preferring run-time [lint.not-checkable], swiftui.allowing run-time
}

// Newer decompilers: the result is claimed on the next line, classes are addresses, and a
// message keeps its brackets after the '+'.
void sub_100006C40(void *scene) {
  v16 = objc_alloc_init(MEMORY[0x1E0CEA920]);  // ⟵ prefersToActivate default
  objc_msgSend(MEMORY[0x1E0CB3880], "predicateWithValue:", 0);
  v17 = (void *)objc_claimAutoreleasedReturnValue();
  objc_msgSend(v16, "setCanActivateForTargetContentIdentifierPredicate:", v17);  // ⟵ canActivate local
  objc_msgSend(scene, "setActivationConditions:", v16);
}

- (void)sceneDidConnect:(id)scene
{
  v15 = objc_alloc_init(MEMORY[0x1E69DCE78]);
  v16 = [MEMORY[0x1E696AE18] predicateWithFormat:@"self BEGINSWITH 'com.example.app/'"];
  [v15 setCanActivateForTargetContentIdentifierPredicate:v16];  // ⟵ canActivate local
  v17 = +[NSPredicate predicateWithFormat:@"self ENDSWITH %@", v35];
  [v15 setPrefersToActivateForTargetContentIdentifierPredicate:v17];  // ⟵ prefersToActivate run-time
  [scene setActivationConditions:v15];
}
