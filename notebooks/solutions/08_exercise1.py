# Solution to 08-practice, exercise 1 (could-produce, hard, seed 1).
answers1 = ["{B}", "{B}", "nothing", "{G}", "{B}{U}"]  # mana symbols in any order
print(check_practice(answers1, questions1))
