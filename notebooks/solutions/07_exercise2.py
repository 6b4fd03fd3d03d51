# Solution to 07-protector-of-the-crown, exercise 2.
answers2 = {
    "two Bolts at the Protector first, then one at Bob": 3,  # 6 damage destroyed the Protector first
    "one Bolt at the Protector first, then one at Bob": 0,  # still there: it takes the 3 (and then dies)
}
print(check_number_answers(answers2, cases2))
