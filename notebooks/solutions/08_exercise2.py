# Solution to 08-practice, exercise 2 (tapping, hard, seed 8). Questions 3 and 5 cross the topic
# with X: how many counters the Walking Ballistas get, and what is left in Alice's mana pool.
answers2 = ["{R}{G}{G}", "{G}{C}{C}", "each of her 2 Walking Ballistas has 2 +1/+1 counters; Alice's mana pool holds {G}{G}{G}{G}", "{G}{G}{G}{C}{C}", "her Walking Ballista has 3 +1/+1 counters; Alice's mana pool is empty"]  # mana symbols in any order
print(check_practice(answers2, questions2))
