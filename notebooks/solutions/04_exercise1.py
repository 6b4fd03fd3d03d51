# Solution to 04-tapped-for-mana, exercise 1.
answers1 = {
    "Contamination first, then both Reflections": "{B}{B}{B}{B}",
    "Both Reflections, then Contamination": "{B}",  # Contamination resets type AND amount
    "Reflection, Contamination, Reflection": "{B}{B}",
}
print(check_tap_answers(answers1, cases1))
