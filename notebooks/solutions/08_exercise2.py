# Solution to 08-practice, exercise 2 (seed 2).
answers2 = ["false", "true", "true"]
print(check_practice(answers2, questions2))
