x = "${{a = 1}}"
y = "${ {a=1} }"
z = "%{~ if true ~}yes%{~ endif ~}"
w = "$${escaped} %%{also} \"q\" \\ $ % $$"
