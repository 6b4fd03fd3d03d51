# Solution to 08-practice, exercise 1 (seed 1): read each board and reflect what the lands could produce.
answers1 = ["{W}{U}", "nothing", "{W}{U}{B}{R}{G}", "{R}", "{W}{U}"]
print(check_practice(answers1, questions1))
