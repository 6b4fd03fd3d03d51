# Solution to 03-could-produce, exercise 1.
answers1 = {
    "Alice's Reflecting Pool, with her Wastes": "{C}",  # "any type" includes colorless
    "Alice's Exotic Orchard, Bob has Wastes": "nothing",  # "any color" doesn't
    "Alice's Reflecting Pool, with her Mana Confluence": "{W}{U}{B}{R}{G}",  # the life cost is ignored
    "Bob's Reflecting Pool, he also has an Orchard; Alice has an Orchard and a Forest": "{G}",
}
print(check_could_answers(answers1, cases1))
