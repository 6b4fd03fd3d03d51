# Solution to 08-practice, exercise 2 (tapping, hard, seed 8). Gauntlet of Power adds {B} for
# mana Contamination made black (questions 1 and 3); Damping Sphere turns the doubled {G}{G} into {C}.
answers2 = ["{B}{B}{B}{B}{G}", "{B}{G}{G}", "{B}{B}", "{W}{G}{G}{G}", "{C}{C}{C}"]
print(check_practice(answers2, questions2))
