package heir

// PlanSetCounts is how many Perform and Set Up cards one set of the Heir's
// Plan cards holds: with the Academy 4 + 5, without 4 + 4 (COMPONENTS: 9
// for use with the Academy, 8 without; GAME SETUP step 12). The card editor
// uses it to know when a set is whole.
func PlanSetCounts(academy bool) (perform, setUp int) { return planCounts(academy) }
