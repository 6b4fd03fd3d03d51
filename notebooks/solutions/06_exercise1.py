# Solution to 06-the-monarch, exercise 1.
answers1 = {
    "Grizzly Bears attacks, unblocked": "Alice",
    "Grizzly Bears attacks, Hill Giant blocks it": "Bob",  # no combat damage to the monarch
    "Bears and Goblin attack, Giant blocks the Bears": "Alice",  # the Goblin connects
}
print(check_name_answers(answers1, cases1))
