# Solution to 08-practice, exercise 2 (tapping, hard, seed 6). Questions 2, 3 and 4 have two right
# answers each (Alice's choices decide); either one is right.
answers2 = ["{B}{B}{G}", "{B}{B}{B}", "{U}{U}{U}", "{G}{U}{U}", "{B}{B}{G}"]
print(check_practice(answers2, questions2))
