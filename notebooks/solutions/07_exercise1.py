# Solution to 07-protector-of-the-crown, exercise 1.
answers1 = {
    "Bears attack; Bob has one Protector": "Bob",  # redirected: no damage to the monarch
    "Bears and Goblin attack; Bob has two Protectors": "Bob",
    "Bears attack; Bob has no Protector": "Alice",
}
print(check_name_answers(answers1, cases1))
