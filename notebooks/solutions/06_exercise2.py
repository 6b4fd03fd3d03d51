# Solution to 06-the-monarch, exercise 2.
answers2 = {
    "Bob's turn; Bob is the monarch and concedes": "Carol",  # the active player left: the next player
    "Dave's turn; Dave is the monarch and concedes": "Alice",  # turn order goes round: after Dave, Alice
    "Carol's turn; Alice is the monarch and concedes": "Carol",  # the active player becomes the monarch
    "Bob's turn; Bob is the monarch and Dave concedes": "Bob",  # only the monarch leaving moves the crown
}
print(check_leave_answers(answers2, cases2))
