# Solution to 01-tap-and-untap, exercise 1: run the checker cell after loading this.
answers1 = {
    "Llanowar Elves, untapped, arrived this turn": False,  # 302.6: summoning sick, no haste
    "Llanowar Elves, untapped, since last turn": True,
    "Llanowar Elves, tapped, since last turn": False,  # 107.5: already tapped
    "Fellwar Stone, untapped, arrived this turn": True,  # not a creature: 302.6 doesn't apply
}
print(check_activation_answers(answers1, cases1))
