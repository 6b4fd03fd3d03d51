# Solution to 08-practice, exercise 1 (could-produce, hard, seed 1).
answers1 = ["{C}", "{W}{U}{G}", "{B}", "{R}{G}", "{W}{U}"]  # mana symbols in any order
print(check_practice(answers1, questions1))
