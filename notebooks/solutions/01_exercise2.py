# Solution to 01-tap-and-untap, exercise 2.
answers2 = {
    "Pili-Pala, untapped, since last turn": False,  # 107.6: an untapped permanent can't pay {Q}
    "Pili-Pala, tapped, since last turn": True,  # and Alice has the {2} in the lesson's setup
    "Order of Whiteclay, tapped, arrived this turn": False,  # 302.6 applies to {Q} too
    "Order of Whiteclay, tapped, since last turn": True,
    "Order of Whiteclay, untapped, arrived this turn, with Mass Hysteria": False,  # haste, but {Q} needs it tapped
}
print(check_activation_answers(answers2, cases2))
