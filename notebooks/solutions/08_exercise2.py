# Solution to 08-practice, exercise 2 (tapping, hard, seed 8). Question 2 has two right answers
# ({U}{U} or {B}{B}: Alice's choice of color decides); either one is right.
answers2 = ["{R}{G}{G}", "{B}{B}", "{W}{G}{G}{G}", "{B}{B}{B}", "{G}{G}{C}{C}"]
print(check_practice(answers2, questions2))
