# Solution to 02-undefined-mana, exercise 1.
answers1 = {
    "Orchard vs Bob's Forest": "{G}",
    "Orchard vs no lands": "nothing",  # 106.5: no land for a color to come from
    "Meteor Crater with Llanowar Elves": "{G}",  # the Elves are green
    "Meteor Crater with Pili-Pala": "nothing",  # Pili-Pala is colorless: 106.5
}
print(check_tap_answers(answers1, cases1))
