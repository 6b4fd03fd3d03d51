# Solution to 01-tap-and-untap, exercise 1: run the checker cell after loading this.
answers1 = {
    "Llanowar Elves, untapped, arrived this turn": False,  # 302.6: a creature, summoning sick, no haste
    "Llanowar Elves, tapped, since last turn": False,  # 107.5: already tapped
    "Hangarback Walker, untapped, arrived this turn": False,  # an artifact creature is a creature: 302.6
    "Fellwar Stone, untapped, arrived this turn": True,  # not a creature: 302.6 doesn't apply
    "Hangarback Walker, untapped, arrived this turn, with Mass Hysteria": True,  # haste: 702.10c
}
print(check_activation_answers(answers1, cases1))
