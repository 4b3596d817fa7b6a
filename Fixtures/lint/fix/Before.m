- (void)configure:(UISceneActivationConditions *)conditions {
    conditions.canActivateForTargetContentIdentifierPredicate = [NSPredicate predicateWithFormat:@"SELF BEGINWITH "
                                                                                               @"'mail/'"];
}
