"""placeholder"""
def render_situations(worksheet, env):
    raise NotImplementedError
