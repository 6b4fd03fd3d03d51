# Solution to 07-protector-of-the-crown, exercise 2.
answers2 = {
    "one Bolt at Bob": 0,  # redirected to the Protector
    "two Bolts at the Protector first, then one at Bob": 3,  # the Protector died
    "one Bolt at the Protector first, then one at Bob": 0,  # 3 + 3 = 6 damage kills it only as the second Bolt resolves
}
print(check_number_answers(answers2, cases2))
