# Solution to 08-practice, exercise 1 (could-produce, hard, seed 1). Questions 1, 3 and 4 cross the
# topic with X: what the X creature enters with, and what Reflecting Pool could produce then.
answers1 = ["her Walking Ballista has 1 +1/+1 counter; it could produce {B}", "{W}{U}{R}{G}", "her Hangarback Walker has 1 +1/+1 counter; it could produce {B} and {R}", "her Hangarback Walker has 1 +1/+1 counter; it could produce {C} and {W}", "{G}{C}"]  # mana symbols in any order
print(check_practice(answers1, questions1))
