# Solution to 03-could-produce, exercise 2.
answers2 = {
    "Alice's Forest, Bob has Contamination": "{B}",
    "Alice's Mystic Gate (she has no mana for the filter)": "{W}{U}{C}",  # costs are ignored
    "Alice's Pili-Pala, with Contamination": "{W}{U}{B}{R}{G}",  # not a land, and {Q} isn't tapping
    "Alice's Exotic Orchard, Bob has a Forest and Contamination": "{B}",
}
print(check_could_answers(answers2, cases2))
