# Solution to 02-undefined-mana, exercise 2.
answers2 = {
    "Gaea's Cradle with Grizzly Bears": "{G}",
    "Gaea's Cradle alone": "nothing",  # type defined ({G}), amount zero: not 106.5
    "Fellwar Stone vs Bob's Wastes": "nothing",  # colorless is not a color: 106.5
    "Fellwar Stone vs Bob's Underground Sea": "{U}",  # the default chooser takes the first color
}
print(check_tap_answers(answers2, cases2))
