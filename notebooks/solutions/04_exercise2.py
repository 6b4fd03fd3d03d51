# Solution to 04-tapped-for-mana, exercise 2.
answers2 = {
    "Forest with Heartbeat of Spring": "{G}{G}",
    "Forest with Heartbeat of Spring and Mana Reflection": "{G}{G}{G}",  # the trigger's mana isn't doubled
    "Gaea's Cradle, no creatures, with Mana Flare": "nothing",  # no mana produced, so no trigger
    "Bob's Zendikar Resurgent; Alice taps a Forest": "{G}",  # "whenever *you* tap"
}
print(check_tap_answers(answers2, cases2))
