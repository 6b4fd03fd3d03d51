# Solution to 02-undefined-mana, exercise 2.
answers2 = {
    "Gaea's Cradle with Grizzly Bears": "{G}",
    "Gaea's Cradle alone": "nothing",  # type defined ({G}), amount zero: not 106.5
    "Fellwar Stone vs Bob's Wastes": "nothing",  # colorless is not a color: 106.5
    "Fellwar Stone vs Bob's Underground Sea": "{B}",  # or "{U}": Alice chooses, and both are right
}
print(check_tap_answers(answers2, cases2))
